/**
 * Brazilian Portuguese: the wallet, MFA and funding screens (terms: docs/i18n/glossary-pt.md), put
 * over their English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const PASSKEY_LOST = 'Sua chave de acesso não pode proteger esta carteira neste dispositivo, então ';
const NO_PASSKEY = 'Você não usou uma chave de acesso, então ';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: 'Adicionar saldo à conta',
    promptDetail: (symbol, provider) =>
      `Compre ${symbol} com cartão via ${provider}. O pagamento é feito em uma janela de ${provider}; esta tela acompanha a compra.`,
    continueWith: (provider) => `Continuar com ${provider}`,
    preparing: 'Preparando sua compra…',
    popupBlocked: (provider) => `Seu navegador bloqueou a janela de ${provider}. Abra aqui:`,
    openWindow: (provider) => `Abrir ${provider}`,
    signFailed: 'Não foi possível preparar a compra. Tente novamente mais tarde.',
    paid: 'Você paga',
    received: 'Você recebe',
    fees: 'Taxas',
    done: 'Pronto',
    backToTransaction: 'Ir à transação',
    tryAgain: 'Tentar de novo',
    result: {
      completed: {
        title: 'Você adicionou saldo à sua conta',
        detail: 'Pode levar alguns minutos para o saldo aparecer na sua carteira.',
      },
      failed: {
        title: 'Algo deu errado',
        detail:
          'A compra não foi concluída. Cartões de débito costumam funcionar melhor que os de crédito: tente de novo com um cartão de débito.',
      },
      serviceFailure: {
        title: 'Algo deu errado',
        detail: (provider) => `${provider} encontrou um erro ao processar sua transação. Tentar novamente?`,
      },
      processingPayment: {
        title: 'Processando pagamento',
        detail: 'Isso pode levar algumas horas. Você receberá um e-mail quando a compra for concluída.',
      },
      awaitingAuthorization: {
        title: 'Aguardando seu pagamento',
        detail: (provider) =>
          `${provider} está aguardando a confirmação do seu pagamento. Você receberá um e-mail quando a compra for concluída.`,
      },
      inProgress: {
        title: 'Em andamento',
        detail: (provider) =>
          `Conclua a compra na janela de ${provider}. Esta tela será atualizada quando terminar.`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: 'Não foi possível conectar a carteira',
    switchingNetworks: 'Trocando de rede',
    switchNetworkDetail: 'Mude sua carteira para a rede solicitada.',
    alreadyLinked: 'A carteira já estava vinculada.',
    userExists: 'Já existe um usuário com este endereço',
    userExistsDetail: 'Tente outro endereço!',
    useDifferentWallet: 'Usar outra carteira',
    timedOut: 'A carteira demorou demais para responder',
    couldNotLogIn: 'Não foi possível entrar com a carteira',
    rejected: 'Você recusou a solicitação',
    userRejectedConnection: 'A conexão foi recusada',
    unableToRetrieveAccounts: 'Não foi possível obter as contas',
    notConnected: 'A carteira não está conectada.',
    unableToDetermineChain: 'Não foi possível identificar a rede atual.',
    cannotUnlinkEmbedded: 'Não é possível desvincular uma carteira integrada',
    loginFailedTitle: 'Não foi possível conectar a carteira',
    loginFailedDetail:
      'Não encontramos a carteira neste navegador. Instale-a ou escolha outra forma de entrar.',
    waitingFor: (name) => `Aguardando ${name}`,
    connectDetail: 'Aprove a conexão na sua carteira.',
    signDetail: 'Assine a mensagem na sua carteira para confirmar que ela é sua.',
    signWithWallet: 'Assinar com sua carteira',
    retry: 'Tentar de novo',
    connectedTitle: 'Conectada',
    connectedDetail: (address) => `Sua carteira ${address} está conectada.`,
    linkWalletTitle: 'Vincule uma carteira',
    connectWalletTitle: 'Conecte uma carteira',
    otherWallets: 'Outras carteiras',
    noWalletFound: 'Nenhuma carteira encontrada neste navegador.',
    lookingForWallets: 'Procurando carteiras…',
    browserWallet: 'Carteira do navegador',
    done: 'Pronto',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `Escanear com ${name}`,
    scanDetail: 'Escaneie este código com o app de carteira do seu celular para conectar.',
    qrLabel: 'QR code do WalletConnect',
    copyLink: 'Copiar link',
    openWallet: (name) => `Abrir ${name}`,
    chooseMobileWallet: 'Escolha seu app de carteira',
    preparingConnection: 'Preparando a conexão…',
    phantomInterstitialTitle: 'Abrir no Phantom',
    phantomInterstitialDetail:
      'O Phantom se conecta pelo próprio navegador. Abra esta página nele para continuar.',
    openInPhantom: 'Abrir no Phantom',
    installPhantomTitle: 'Crie uma carteira Phantom',
    installPhantomDetail:
      'O Phantom não está instalado neste navegador. Instale a extensão, crie ou importe uma carteira e recarregue esta página.',
    getPhantom: 'Baixar Phantom',
    reload: 'Recarregar',
  },
  WALLET_FLOW_TEXT: {
    genericError: 'Ocorreu um erro. Tente novamente.',
    loginAgain: 'Ocorreu um erro. Entre novamente.',
    somethingWentWrong: 'Algo deu errado',
    tryLater: 'Já estamos resolvendo. Tente novamente mais tarde.',
    refreshUserFailed: 'Não foi possível atualizar o usuário.',
    missingEmbeddedWallet: 'O usuário atualizado está sem a carteira integrada.',
    passwordAfterCreateFailed: 'A carteira foi criada, mas não foi possível definir a senha dela',
    passkeyFallback: {
      unavailable: {
        login: `${PASSKEY_LOST}você pode recuperá-la entrando na sua conta.`,
        password: `${PASSKEY_LOST}sua senha de recuperação a protege.`,
      },
      skipped: {
        login: `${NO_PASSKEY}você pode recuperar esta carteira entrando na sua conta.`,
        password: `${NO_PASSKEY}sua senha de recuperação protege esta carteira.`,
      },
    },
    creationFailed: 'Não foi possível criar a carteira',
    settingPasswordFailed: 'Não foi possível definir a senha da carteira',
    onlyOneWallet: 'No momento, só é permitida uma carteira por usuário',
    walletTimeout: 'A carteira demorou demais',
    embeddedWalletError: 'Erro na carteira integrada',
    mustHaveWallet: 'Você precisa de uma carteira para adicionar uma senha',
    passwordAlreadySet: 'Esta carteira já tem uma senha',
    mustBeAuthenticatedBeforeSigning: 'Entre na sua conta antes de assinar',
    unableToConnect: 'Não foi possível conectar à carteira',
    unableToRecover: 'Não foi possível recuperar a carteira',
    walletNotConnected: 'A carteira não está conectada',
    userRejected: 'A solicitação foi recusada.',
    exitedPasswordFlow: 'Você saiu da configuração da senha',
    requestPending: 'Já existe outra solicitação pendente',
    rateLimited: 'Muitas solicitações. Aguarde um momento e tente de novo.',
    insufficientFunds: 'A carteira não tem saldo suficiente para esta transação.',
    preparingFailed: 'Ocorreu um erro ao preparar sua transação. Tente novamente.',
    processingFailed: 'Ocorreu um erro ao processar sua transação. Entre em contato com o suporte.',
    addFunds: 'Adicionar saldo',
  },
};
