/**
 * Brazilian Portuguese: what the first modal and the code entry show (terms:
 * docs/i18n/glossary-pt.md), put over the English objects the locale chunk imports
 * (core/locales/catalogue.ts ENGLISH).
 */
import type { FirstModalTexts } from '../catalogue.js';

export const FIRST_MODAL: FirstModalTexts = {
  UI_TEXT: {
    loginTitle: 'Entre ou cadastre-se',
    loadingTitle: 'Carregando',
    emailLabel: 'E-mail',
    emailPlaceholder: 'seu@email.com',
    submit: 'Enviar',
    termsFooter: 'Ao entrar, concordo com os Termos de Serviço',
    termsFooterStart: 'Ao entrar, concordo com:',
    terms: 'Termos',
    and: 'e',
    privacyPolicy: 'Política de Privacidade',
    moreOptions: 'Mais opções',
    otherSocials: 'Outras redes sociais',
    otherWallets: 'Outras carteiras',
    continueWithWallet: 'Continuar com uma carteira',
    continueWithEmail: 'Continuar com e-mail',
    continueWithSms: 'Continuar com SMS',
    continueWithFarcaster: 'Continuar com Farcaster',
    loginWithPasskey: 'Entrar com chave de acesso',
    continueWith: (provider) => `Continuar com ${provider}`,
    linkSuccess: 'Conta vinculada',
    loginSuccess: 'Você entrou',
    loadingPhoneField: 'Carregando o campo de telefone…',
    digit: (n) => `Dígito ${n}`,
    resendCode: 'Reenviar código',
    verifying: 'Verificando…',
    close: 'Fechar',
    back: 'Voltar',
    protectedBy: 'Protegido por Gatehouse',
    appLogo: (name) => `Logo de ${name}`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: 'Tempo esgotado',
    tryAgain: 'Tentar novamente',
    somethingWentWrong: 'Algo deu errado',
    tryAgainLater: 'Tente novamente mais tarde',
    notAllowed: 'Não permitido',
    tryAnotherMethod: 'Tentar outro método',
    back: 'Voltar',
    invalidCredentials: 'Algo deu errado. Tente novamente.',
    authenticationFailed: 'Falha na autenticação',
    captchaTimeout: 'Algo deu errado. Tente novamente mais tarde.',
    invalidCaptcha: 'Tente novamente.',
  },
  OUTAGE_TEXT: {
    unreachable: 'Não foi possível acessar o serviço de login',
    checkConnection: 'Verifique sua conexão e tente de novo.',
    retry: 'Tentar de novo',
    close: 'Fechar',
  },
  CODE_TEXT: {
    codeTitle: 'Código de confirmação',
    codeSentTo: 'Confira seu e-mail: enviamos um código para',
    codeSentToPhone: 'Confira seu celular: enviamos um código para',
    updateSuccess: 'E-mail atualizado',
    codeResent: 'Enviamos um novo código.',
    didNotGetCode: 'Não recebeu o código?',
  },
  FLOW_MESSAGES: {
    noAuthFlow: 'Nenhum login em andamento.',
    tooManyRequests: 'Muitas solicitações. Aguarde um pouco antes de tentar de novo.',
    mailDeliveryFailed: 'Não foi possível enviar o código de login. Tente novamente mais tarde.',
    linkedToAnotherUser: 'Esta conta já está vinculada a outro usuário.',
  },
};
